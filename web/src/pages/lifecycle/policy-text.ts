/** The policy editor's text read as a request: for saving it, and for checking or simulating it before that. */

/** The PUT body for what the textarea holds: the policy object (`{"phases": …}`), or a whole `{"policy": …}` request. */
export function requestBody(text: string): { policy: unknown } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`The policy is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('The policy must be a JSON object, such as {"phases": {"hot": {"actions": {}}}}.');
  }
  const keys = Object.keys(parsed);
  return keys.length === 1 && keys[0] === 'policy' ? (parsed as { policy: unknown }) : { policy: parsed };
}

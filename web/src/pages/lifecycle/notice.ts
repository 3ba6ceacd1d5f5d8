/** A one-time message carried across a route change (a policy created or deleted), shown by the next view once. */
let pending: string | undefined;

export function leaveNotice(message: string): void {
  pending = message;
}

export function takeNotice(): string | undefined {
  const message = pending;
  pending = undefined;
  return message;
}

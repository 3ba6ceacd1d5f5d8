/**
 * The server's field errors in the words of the console: about the field by its name, not by its id or a
 * message path, and with the input they are about, so the form can mark it.
 *   `type_option_data.options[0].name is blank` → `Option 1 of “Status” has no name` (target: option 0)
 */

/** Which input an error is about: a member of the field, or a select option by its position. */
export type ErrorTarget = 'name' | 'desc' | 'width' | { readonly option: number };

export interface FieldProblem {
  readonly text: string;
  readonly target?: ErrorTarget;
}

export function describeFieldError(message: string, fieldName: string): FieldProblem {
  const quoted = `“${fieldName}”`;
  const option = /^type_option_data\.options\[(\d+)\]\.(\w+) (.*)$/s.exec(message);
  if (option) {
    const index = Number(option[1]);
    const rest = option[3] ?? '';
    const text =
      option[2] === 'name'
        ? rest === 'is blank'
          ? `Option ${index + 1} of ${quoted} has no name`
          : `The name of option ${index + 1} of ${quoted} ${rest}`
        : `Option ${index + 1} of ${quoted}: ${option[2]} ${rest}`;
    return { text, target: { option: index } };
  }
  const member = /^(?:field\.)?(name|desc|width) (.*)$/s.exec(message);
  if (member) {
    const [, which, rest] = member as unknown as [string, 'name' | 'desc' | 'width', string];
    const noun = which === 'desc' ? 'description' : which;
    if (which === 'name' && rest === 'is blank') return { text: `${fieldName ? `${quoted} needs` : 'The field needs'} a name`, target: which };
    const range = /^(.+?) is out of range: it must be (.+)$/s.exec(rest);
    if (range) return { text: `The ${noun} of ${fieldName ? quoted : 'the field'} must be ${range[2]}, not ${range[1]}`, target: which };
    return { text: `The ${noun} of ${fieldName ? quoted : 'the field'} ${rest}`, target: which };
  }
  // `field "x1Ab" is the primary field …` → `“Name” is the primary field …`
  return { text: message.replace(/\bfield "[^"]*"/, quoted) };
}

export function isTarget(target: ErrorTarget | undefined, which: ErrorTarget): boolean {
  if (target === undefined) return false;
  if (typeof target === 'string' || typeof which === 'string') return target === which;
  return target.option === which.option;
}

/** The field types as the options of a `<select>`, in the console's order. */
import { FIELD_TYPES } from './field-types.ts';

export function FieldTypeOptions() {
  return FIELD_TYPES.map((t) => (
    <option key={t.type} value={t.type}>
      {t.label}
    </option>
  ));
}

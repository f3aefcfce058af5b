import { type FieldError, friendlyFieldMessage } from '../errors.js';

/** The server's messages for one field of a form, in words, next to that field. */
export function FieldErrors({ errors, field, id }: { errors: FieldError[]; field: string; id: string }) {
  const mine = errors.filter((e) => e.field === field);
  if (!mine.length) return null;
  return (
    <span className="field-error" id={id}>
      {mine.map((e) => friendlyFieldMessage(e)).join('; ')}
    </span>
  );
}

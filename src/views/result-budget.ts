// The JSON of a tool result, made once: the handler measures it against the budget, register.ts redacts it.

const made = new WeakMap<object, string>();

/**
 * JSON.stringify(value), remembered for this object. A result is not changed after it is measured
 * (handlers build it and return it), so every later caller gets the same, still exact, string.
 */
export function jsonOf(value: object): string {
  let json = made.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    made.set(value, json);
  }
  return json;
}

// Sets a key on a plain object as its own property, a `__proto__` key included (as JSON.parse, a spread and Object.fromEntries make it), never the prototype.

/** `target[key] = value`, except that a key named `__proto__` becomes a key, not the prototype. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key !== '__proto__') {
    target[key] = value;
    return;
  }
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

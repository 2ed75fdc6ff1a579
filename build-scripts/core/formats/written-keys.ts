/**
 * An object key as a format writes it (`"title":`, an HTML span), made once
 * per key: resources share a few dozen keys. The cap keeps data keyed by
 * values (credits by role) from growing it without end.
 */
const MAX_KEYS = 1000;

export function writtenKeys(write: (key: string) => string): (key: string) => string {
  const written = new Map<string, string>();
  return (key) => {
    let out = written.get(key);
    if (out === undefined) {
      out = write(key);
      if (written.size < MAX_KEYS) written.set(key, out);
    }
    return out;
  };
}

/**
 * An object key as a format writes it (`"title":`, an HTML span), made once
 * per key: resources share a few dozen keys. The cap keeps data keyed by
 * values (credits by role) from growing it without end.
 */
export function writtenKeys(write: (key: string) => string, max = 1000): (key: string) => string {
  const written = new Map<string, string>();
  return (key) => {
    let out = written.get(key);
    if (out === undefined) {
      out = write(key);
      if (written.size < max) written.set(key, out);
    }
    return out;
  };
}

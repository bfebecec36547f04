/**
 * Stripe's SDK sends form-encoded bodies and query strings with bracket keys
 * (`line_items[0][price]=x`, `expand[0]=a`, `metadata[userId]=u`): this folds them into objects,
 * numeric keys into arrays.
 */
export function parseForm(text: string): Record<string, any> {
  const root: Record<string, any> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: any = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const name = part === '' && Array.isArray(node) ? node.length : part;
      if (last) node[name] = value;
      else node = node[name] ??= /^\d*$/.test(parts[i + 1]!) ? [] : {};
    });
  }
  return root;
}

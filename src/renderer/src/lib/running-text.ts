/**
 * A title as it reads inside a sentence ("Loading voice records…"): its first letter
 * lower-cased, unless its first word is an acronym ("Loading AXB bindings…", and in
 * Chinese "正在加载AXB 绑定…", never "axb").
 */
export function inRunningText(title: string): string {
  const [first = '', second = ''] = title;
  if (second !== second.toLowerCase()) return title;
  return first.toLowerCase() + title.slice(first.length);
}

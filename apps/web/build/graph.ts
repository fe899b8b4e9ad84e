/**
 * Everything reachable from `from` through `next` (`from` included), added to `into`; a node
 * already in `into` is not walked again, and `stop` marks nodes neither added nor walked through.
 * The build's plugins walk the module graph (a module's static imports) and the output graph (a
 * chunk's static imports) with it.
 */
export const reachable = <T>(
  from: T,
  next: (node: T) => Iterable<T | undefined>,
  { stop, into = new Set<T>() }: { stop?: (node: T) => boolean; into?: Set<T> } = {},
): Set<T> => {
  const pending = [from];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (into.has(node) || stop?.(node)) continue;
    into.add(node);
    for (const dep of next(node)) if (dep !== undefined) pending.push(dep);
  }
  return into;
};

/**
 * `compute` with its answers for recent inputs kept: a request header or target is one of a
 * handful in practice (a browser's Accept-Encoding, a page's address), so the servers' hot paths
 * look an answer up instead of parsing again (issue 33). At `limit` inputs the store is emptied,
 * so targets a visitor invents cannot grow it. `compute` must depend on its input alone.
 */
export function remembered<T>(compute: (input: string) => T, limit = 1024): (input: string) => T {
  const answers = new Map<string, T>();
  return (input) => {
    if (answers.has(input)) return answers.get(input) as T;
    const answer = compute(input);
    if (answers.size >= limit) answers.clear();
    answers.set(input, answer);
    return answer;
  };
}

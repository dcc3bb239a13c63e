/**
 * Binds use cases written as functions of their deps (as repositories are functions of the database)
 * to the deps built once at start, so that a domain's service is an object of ready operations.
 */
export function bindDeps<Deps>(deps: Deps) {
  return <Args extends unknown[], Result>(useCase: (deps: Deps, ...args: Args) => Result) =>
    (...args: Args): Result =>
      useCase(deps, ...args);
}

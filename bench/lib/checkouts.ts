import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './processes.ts';

export interface Checkout {
  name: string;
  tree: string;
}

/**
 * A checkout to measure beside this one, from `--tree name=path|commit` (a bare path or commit names itself): a
 * directory, or a commit, which gets a worktree of its own under the temporary directory (made once with `git worktree
 * add --detach` and kept for the next run; `git worktree remove <path>` drops it). With `install`, the checkout must
 * have its own node_modules: a directory without them is refused, and a commit's worktree gets `npm ci` once.
 */
export function checkoutOf(spec: string, { install }: { install: boolean }): Checkout {
  const at = spec.indexOf('=');
  const [name, where] = at > 0 ? [spec.slice(0, at), spec.slice(at + 1)] : [spec, spec];
  const installed = (tree: string) => existsSync(path.join(tree, 'node_modules', '.bin', 'tsx'));
  if (existsSync(where)) {
    const tree = path.resolve(where);
    if (install && !installed(tree)) throw new Error(`--tree ${spec}: no node_modules there (npm ci first)`);
    return { name, tree };
  }
  const git = (...gitArgs: string[]) => execFileSync('git', gitArgs, { cwd: repoRoot, encoding: 'utf8' }).trim();
  const commit = git('rev-parse', '--verify', `${where}^{commit}`);
  const tree = path.join(os.tmpdir(), `wac-bench-tree-${commit.slice(0, 12)}`);
  if (!existsSync(tree)) {
    console.log(`${name}: making a worktree of ${commit.slice(0, 12)} at ${tree} (git worktree add)...`);
    git('worktree', 'add', '--detach', tree, commit);
  }
  if (install && !installed(tree)) {
    console.log(`${name}: npm ci in ${tree}...`);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: tree, stdio: 'ignore' });
  }
  return { name, tree };
}

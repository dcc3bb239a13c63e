import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverImports } from './measure-tree.ts';
import { cycles, domainInternalsReached, folderEdges } from './source-graph.ts';

const repo = path.resolve(import.meta.dirname, '..', '..');

describe("the server's folders, as they are in this checkout", () => {
  const { imports } = serverImports(repo);

  it('import each other one way only: no folder-level cycle, type imports counted', () => {
    expect(cycles(folderEdges(imports))).toEqual([]);
  });

  it('reach another domain only through its index.ts', () => {
    expect(domainInternalsReached(imports).files).toBe(0);
  });
});

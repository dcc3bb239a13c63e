import { randomInt } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface SandboxTemplate {
  id: string;
  name: string;
  language: string;
  category: string;
  status: string;
  parameter_format: string;
  components: Record<string, unknown>[];
  rejected_reason: string;
}

/**
 * The templates the sandbox's business account holds, kept beside its media in
 * DATA_DIR/sandbox-media/templates.json so they outlive a restart as Meta's do (a sync after a
 * restart must not find them gone).
 */
export function createSandboxTemplateStore(dataDir: string) {
  const dir = path.join(dataDir, 'sandbox-media');
  const file = path.join(dir, 'templates.json');
  const templates = new Map<string, SandboxTemplate>();
  try {
    for (const t of JSON.parse(readFileSync(file, 'utf8')) as SandboxTemplate[]) templates.set(t.id, t);
  } catch {
    // No file yet: an empty account.
  }
  const save = () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${file}.tmp`, JSON.stringify([...templates.values()]));
    renameSync(`${file}.tmp`, file);
  };

  return {
    add(input: Omit<SandboxTemplate, 'id' | 'status' | 'rejected_reason'>): SandboxTemplate {
      // Graph template ids are long decimal numbers.
      const id = `${randomInt(100_000, 1_000_000)}${randomInt(1_000_000_000, 10_000_000_000)}`;
      const template: SandboxTemplate = { ...input, id, status: 'PENDING', rejected_reason: 'NONE' };
      templates.set(id, template);
      save();
      return template;
    },
    get: (id: string) => templates.get(id),
    find: (name: string, language: string) => [...templates.values()].find((t) => t.name === name && t.language === language),
    /** Oldest first, as Meta pages them. */
    list: () => [...templates.values()],
    update(id: string, change: Partial<Omit<SandboxTemplate, 'id'>>): SandboxTemplate | undefined {
      const template = templates.get(id);
      if (template) Object.assign(template, change);
      save();
      return template;
    },
    /** Meta deletes every language of a name, or the one with hsm_id; answers how many went. */
    remove(name: string, id?: string): number {
      let removed = 0;
      for (const template of templates.values()) {
        if (template.name === name && (id === undefined || template.id === id)) {
          templates.delete(template.id);
          removed += 1;
        }
      }
      if (removed) save();
      return removed;
    },
  };
}

export type SandboxTemplateStore = ReturnType<typeof createSandboxTemplateStore>;

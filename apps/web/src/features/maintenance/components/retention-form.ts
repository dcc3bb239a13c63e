import {
  type CleanupCollection,
  cleanupCollections,
  type RetentionPolicy,
  retentionPolicySchema,
  type StorageDirectory,
  storageDirectories,
} from '@wac/contract/cleanup';

export type RetentionRuleName = CleanupCollection | StorageDirectory;
export const retentionRuleNames: readonly RetentionRuleName[] = [...cleanupCollections, ...storageDirectories];

export interface RetentionForm {
  rules: Record<RetentionRuleName, { enabled: boolean; days: string }>;
  archiveBeforeDelete: boolean;
}

const isCollection = (name: RetentionRuleName): name is CleanupCollection => (cleanupCollections as readonly string[]).includes(name);

const ruleOf = (policy: RetentionPolicy, name: RetentionRuleName) =>
  isCollection(name) ? policy.collections[name] : policy.directories[name];

export function retentionFormOf(policy: RetentionPolicy): RetentionForm {
  const rules = Object.fromEntries(
    retentionRuleNames.map((name) => {
      const rule = ruleOf(policy, name);
      return [name, { enabled: rule.enabled, days: String(rule.days) }];
    }),
  ) as RetentionForm['rules'];
  return { rules, archiveBeforeDelete: policy.archiveBeforeDelete };
}

/** The form as the policy the server keeps, or each rule's message (by rule name) when its days do not check out. */
export function retentionPolicyOf(
  form: RetentionForm,
): { policy: RetentionPolicy; errors: null } | { policy: null; errors: Partial<Record<RetentionRuleName, string>> } {
  const rule = (name: RetentionRuleName) => {
    const { enabled, days } = form.rules[name];
    return { enabled, days: days.trim() === '' ? Number.NaN : Number(days) };
  };
  const pick = <N extends RetentionRuleName>(names: readonly N[]) => Object.fromEntries(names.map((name) => [name, rule(name)]));
  const parsed = retentionPolicySchema.safeParse({
    collections: pick(cleanupCollections),
    directories: pick(storageDirectories),
    archiveBeforeDelete: form.archiveBeforeDelete,
  });
  if (parsed.success) return { policy: parsed.data, errors: null };
  const errors: Partial<Record<RetentionRuleName, string>> = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path[1] as RetentionRuleName;
    errors[name] ??= issue.message;
  }
  return { policy: null, errors };
}

import { z } from 'zod';
import { PERMISSION_RULE_FORM, parsePermissionRule } from './permission-rule.js';
import type { PermissionRules } from './types.js';

const rule = z.string().refine((text) => parsePermissionRule(text) !== undefined, { error: PERMISSION_RULE_FORM });

/** `permissions:` in either config file. */
export const permissionsSchema = z.strictObject({
  allow: z.array(rule).nullish(),
  deny: z.array(rule).nullish(),
});

export function toPermissionRules(data: z.output<typeof permissionsSchema> | null | undefined): PermissionRules | undefined {
  if (!data) return undefined;
  return { allow: (data.allow ?? []).map((text) => text.trim()), deny: (data.deny ?? []).map((text) => text.trim()) };
}

import { parseVariables, validateVariables, type DesiredVariable } from './env-variables.js';

/**
 * Nothing shorter is ever registered as a mask: a value of `=` or `1` would mask that character
 * in every line of the log (the runner ignores such masks for the same reason).
 */
export const SHORTEST_MASK = 4;

/**
 * The variables both inputs ask for, checked against every rule (each input alone, then both
 * together: duplicates across them, the project-wide total). Throws a VariablesInputError naming the
 * input and line of the first problem, never a value.
 */
export function desiredVariables(privateText: string, publicText: string): DesiredVariable[] {
  const all = [...parseVariables(privateText, 'variables'), ...parseVariables(publicText, 'public-variables')];
  validateVariables(all);
  return all;
}

/**
 * Every string to register as a secret so that no value can reach the log: each value whole, as the
 * service stores it (stripped), and each line of a multi-line value, because the runner masks the
 * log line by line and a whole multi-line secret never matches one line.
 */
export function valuesToMask(variables: DesiredVariable[]): string[] {
  const secrets = new Set<string>();
  for (const { value } of variables) {
    if (value.trim() === '') continue;
    secrets.add(value);
    secrets.add(value.trim());
    if (!value.includes('\n')) continue;
    for (const line of value.split('\n')) secrets.add(line.trim());
  }
  return [...secrets].filter((secret) => secret.length >= SHORTEST_MASK);
}

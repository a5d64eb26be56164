// Which demo `npm run demo [-- <variant>]` runs: the argument, checked before anything starts.
import type { Variant } from '../../harness/demo-scenario.ts';

const VARIANTS: Record<string, Variant | 'apply'> = {
  '': 'success',
  success: 'success',
  failure: 'failure',
  preview: 'preview',
  apply: 'apply',
};

/** The variant an argument names, or the refusal to print (every variant named, as a command to copy). */
export function demoVariant(argument: string | undefined): Variant | 'apply' | { refused: string } {
  const variant = Object.hasOwn(VARIANTS, argument ?? '') ? VARIANTS[argument ?? ''] : undefined;
  if (variant !== undefined) return variant;
  const named = Object.keys(VARIANTS).filter((name) => name !== '' && name !== 'success');
  const commands = ['`npm run demo`', ...named.map((name) => `\`npm run demo -- ${name}\``)];
  return { refused: `Unknown demo ${JSON.stringify(argument)}: use ${commands.slice(0, -1).join(', ')} or ${commands.at(-1)}.` };
}

// The JSON Schema of the project file, made from the same zod schema that validates it.
import { z } from 'zod/mini';
import { ConfigFileSchema } from '../src/operations/shared/project-file/model.ts';

export function projectFileJsonSchema(): string {
  const schema = z.toJSONSchema(ConfigFileSchema, { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>;
  const described = {
    $schema: schema.$schema,
    $id: 'https://raw.githubusercontent.com/readthedocs-action/readthedocs-action/main/schema/readthedocs-project.schema.json',
    title: 'Read the Docs project file (readthedocs-action `apply` and `export`)',
    description:
      'Settings, redirects (in order), subprojects and version settings of a Read the Docs project. Keys left out are not managed.',
    ...Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$schema')),
  };
  return `${JSON.stringify(described, null, 2)}\n`;
}

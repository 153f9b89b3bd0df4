// `openim-explorer config-schema`: the config file's JSON Schema (draft 2020-12), generated from
// the definition the validator parses with (configSchema.ts), never written twice. An editor that
// reads a file's `$schema` then checks it as the operator types. A module of its own: zod's JSON
// Schema writer is loaded by this command alone, not at every start.
import * as z from 'zod/mini';
import { configSchemaFor, type ActionVocabulary } from './configSchema.js';

export function configJsonSchema(actions: ActionVocabulary): Record<string, unknown> {
  const { $schema, ...rest } = z.toJSONSchema(configSchemaFor(actions), { target: 'draft-2020-12', io: 'input' });
  return { $schema, title: 'openim-explorer config file', ...rest };
}

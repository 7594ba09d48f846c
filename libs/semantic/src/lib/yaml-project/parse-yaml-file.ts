import { TransformProjectError } from '@quarry/domain';
import { parse } from 'yaml';

/** Parses one YAML file of the project; a syntax error names the file. */
export function parseYamlFile(path: string, contents: string): unknown {
  try {
    return parse(contents);
  } catch (error) {
    throw new TransformProjectError(`Invalid YAML in ${path}: ${error instanceof Error ? error.message : String(error)}`, { path });
  }
}

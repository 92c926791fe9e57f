/** The generated documentation pages: path (from the repository root) -> what makes its text. */
import { cliReference } from './cli-reference.js';
import { studyReference } from './study-reference.js';

export const GENERATED: Readonly<Record<string, () => string | Promise<string>>> = {
  'docs/reference/study.md': studyReference,
  'docs/reference/cli.md': cliReference,
};

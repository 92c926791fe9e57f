/** A study from its file (Node): read with the CLI's bounds, then loaded as loadStudyText does. */
import { readStudyFile } from './read-file.js';
import { loadStudyText, type Study } from './study.js';

export function loadStudy(file: string): Study {
  return loadStudyText(file, readStudyFile(file));
}

import { SKIPPED_FOLDERS } from '../../safety/skipped-folders.js';
import { FALCON_DIR } from '../falcon-dir.js';

/**
 * fast-glob ignore patterns for init's searches, at any depth: the folders listings skip, and
 * Falcon's own folder, whose spec and settings are Falcon's copies, not the project's.
 */
export const SKIPPED_FOLDER_GLOBS = [...SKIPPED_FOLDERS, FALCON_DIR].map((folder) => `**/${folder}/**`);

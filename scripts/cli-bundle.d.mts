import type { BuildOptions } from 'esbuild';

/** esbuild's options for the CLI's bundle, entries and output aside. */
export declare const CLI_BUNDLE: BuildOptions & Required<Pick<BuildOptions, 'plugins'>>;

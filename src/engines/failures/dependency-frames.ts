import type { StackFrame, TraceLanguage } from './stack-frame.js';

/** Where installed packages and language runtimes live; frames there are not the project's code. */
const DEPENDENCY_PATHS: readonly RegExp[] = [
  /(^|\/)node_modules\//,
  /^node:|^internal\//,
  /(^|\/)(site|dist)-packages\//,
  /\/lib\/python\d/,
  /(^|\/)vendor\//,
  /(^|\/)gems\/|\/rubies\/|\/lib\/ruby\/|\/\.rbenv\//,
  /\/\.cargo\/(registry|git)\/|^\/rustc\/|\/\.rustup\//,
  /\/pkg\/mod\/|\/go\/src\/|\/libexec\/src\/|\/src\/runtime\//,
  /\/\.m2\/|\/\.gradle\//,
  /^<[^>]*>$/,
];

/** Runtimes and frameworks named in frames that carry no useful path (JVM, .NET, Rust, Go). */
const DEPENDENCY_FUNCTIONS: Partial<Record<TraceLanguage, RegExp>> = {
  java: /^(java|javax|jdk|sun|com\.sun|jakarta|kotlin|kotlinx|scala|org\.springframework|org\.apache|org\.hibernate|org\.eclipse|io\.netty|reactor|com\.fasterxml|org\.junit)\./,
  dotnet: /^(System|Microsoft)\.|^lambda_method/,
  go: /^(runtime|net\/http|reflect|sync|testing)\.|^panic$/,
  rust: /^<?(std|core|alloc|tokio|hyper|axum|actix_\w+|tower|futures\w*)::/,
};

export function isDependencyFrame(frame: StackFrame): boolean {
  const file = frame.file.replaceAll('\\', '/');
  if (DEPENDENCY_PATHS.some((pattern) => pattern.test(file))) return true;
  const functions = DEPENDENCY_FUNCTIONS[frame.language];
  return functions !== undefined && functions.test(frame.function ?? '');
}

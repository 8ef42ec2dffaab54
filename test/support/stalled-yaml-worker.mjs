// A YAML worker that never answers, as a parse that never ends would: for yaml-off-thread's time limit and abort.
for (;;) {
  // busy, as a parser is: the thread takes no message and no timer while it runs
}

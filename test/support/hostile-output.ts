// A build's output as a hostile fork's `conf.py` can write it: every line the runner would act on,
// were it printed raw (a mask, annotations, an output, the legacy form, a stop-commands token).
export const HOSTILE_OUTPUT = [
  'Running Sphinx v8.1',
  '::add-mask::docs',
  '::error title=Forged,file=README.md,line=1::forged annotation',
  '   ::warning title=Forged::leading spaces',
  '::set-output name=success::true',
  '::notice::forged notice',
  'a line with ##[error]forged legacy form',
  '::stop-commands::t0k3n',
  'build finished with problems',
].join('\n');

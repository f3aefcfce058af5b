import { runCli } from './run-cli.js';

// A reader that stops early (`fas --help | head -1`) closes the pipe: stop quietly, as Unix tools do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
}

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stderrIsTTY: process.stderr.isTTY === true,
});
// Success leaves the process to end by itself (`fas serve` keeps serving); a failure ends it now.
if (code !== 0) process.exit(code);

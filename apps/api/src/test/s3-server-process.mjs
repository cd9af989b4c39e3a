// Runs s3rver (a real S3-protocol server) in its own process for the tests: prints
// `listening <port>` once it answers, stops on SIGTERM. Objects live in the folder given as
// the first argument.
import S3rver from 's3rver';

const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: process.argv[2],
});
const { port } = await server.run();
process.stdout.write(`listening ${port}\n`);
process.once('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
// The test process died without stopping us: stop with it.
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();

/**
 * The rush's mail server (bench section 10, issue 37): a real SMTP server (smtp-server, the tests' receiver too) in a
 * process of its own, as the organiser's mail provider is another machine. The server processes send it every
 * booking's confirmation mail, as in production with SMTP_URL set; it takes each mail whole and keeps nothing.
 *
 * Prints `smtp listening on <port>` once it listens, then `received <n>` after each mail it took.
 */
import { SMTPServer } from 'smtp-server';

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received++;
      console.log(`received ${received}`);
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => {
  const address = server.server.address();
  console.log(`smtp listening on ${typeof address === 'object' && address ? address.port : 0}`);
});

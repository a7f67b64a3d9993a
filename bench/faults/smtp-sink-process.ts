// A real SMTP server in its own process, so the fault suite can kill it and start it again.
//   node --import tsx bench/faults/smtp-sink-process.ts <port> <folder>
// Each message is written to <folder> (atomically) BEFORE the 250 reply: a message the relay saw accepted is
// never lost with the process, and a message killed mid-DATA is simply not there (the relay retries it).
// It speaks the few commands nodemailer uses. The smtp-server package waits 100 ms before every greeting (to
// catch early talkers); with one connection per message that capped the relay at ~8 mails/s and made the
// suite wait minutes for its 1,300 mails.
import { renameSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';

const [portArg, folder] = process.argv.slice(2);
if (!portArg || !folder) {
  console.error('usage: smtp-sink-process.ts <port> <folder>');
  process.exit(2);
}

const END_OF_DATA = Buffer.from('\r\n.\r\n');
let received = 0;

async function store(message: Buffer): Promise<void> {
  // Dot-stuffing (RFC 5321 §4.5.2): a line that starts with a dot was sent with one more.
  const mail = await simpleParser(
    Buffer.from(message.toString('latin1').replace(/\r\n\.\./g, '\r\n.'), 'latin1'),
  );
  received += 1;
  const file = path.join(folder as string, `${process.pid}-${received}.json`);
  writeFileSync(`${file}.tmp`, JSON.stringify({ messageId: mail.messageId, text: mail.text ?? '' }));
  renameSync(`${file}.tmp`, file);
}

function session(socket: net.Socket): void {
  let buffer = Buffer.alloc(0);
  let inData = false;
  let busy = false;
  const reply = (line: string) => socket.write(`${line}\r\n`);

  const command = (line: string) => {
    const verb = line.slice(0, 4).toUpperCase();
    if (verb === 'EHLO') reply('250-fallas\r\n250-8BITMIME\r\n250 SMTPUTF8');
    else if (verb === 'HELO' || verb === 'MAIL' || verb === 'RCPT' || verb === 'RSET' || verb === 'NOOP') {
      reply('250 OK');
    } else if (verb === 'DATA') {
      inData = true;
      reply('354 End data with <CR><LF>.<CR><LF>');
    } else if (verb === 'QUIT') {
      reply('221 Bye');
      socket.end();
    } else reply('502 Command not implemented');
  };

  const pump = async () => {
    if (busy) return;
    busy = true;
    try {
      for (;;) {
        if (inData) {
          // The message starts right after the 354 line; prefixing CRLF finds a terminator on its first line too.
          const end = Buffer.concat([Buffer.from('\r\n'), buffer]).indexOf(END_OF_DATA);
          if (end < 0) return;
          const message = buffer.subarray(0, Math.max(0, end - 2));
          buffer = buffer.subarray(end + END_OF_DATA.length - 2);
          inData = false;
          await store(message);
          reply('250 OK: queued');
        } else {
          const end = buffer.indexOf('\r\n');
          if (end < 0) return;
          const line = buffer.subarray(0, end).toString('utf8');
          buffer = buffer.subarray(end + 2);
          command(line);
        }
      }
    } catch (error) {
      reply('451 Could not store the message');
      console.error(error);
    } finally {
      busy = false;
    }
  };

  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    void pump();
  });
  socket.on('error', () => socket.destroy());
  reply('220 fallas ESMTP');
}

const server = net.createServer(session);
server.listen(Number(portArg), '127.0.0.1', () => console.info('ready'));

import { chmod, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type NodemailerError } from "nodemailer";

/** One email as the outbox hands it to a transport. */
interface OutgoingEmail {
  /** The outbox row's id, used for the file name of a message written to disk. */
  outboxId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  /** `<…@…>`: the same on every attempt, so a receiving server can tell a repeat. */
  messageId: string;
  date: Date;
}

interface DeliveryReceipt {
  /** Where the message was written, when there is no SMTP server. */
  file?: string;
}

export interface MailTransport {
  readonly kind: "smtp" | "files";
  send(email: OutgoingEmail): Promise<DeliveryReceipt>;
  close(): void;
}

/** The file mailbox used when SMTP_URL is unset: `DATA_DIR/mail`. */
export const mailDirectory = (dataDir: string) => path.resolve(dataDir, "mail");

const PRIVATE_DIRECTORY_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;

/**
 * The mailbox directory, readable by the API's own user only (issue 42): created 0700, and set to
 * 0700 when it already exists with a looser mode (a DATA_DIR made by hand, or by an earlier version
 * that created it 0755), since mkdir's mode applies only to a directory it creates.
 */
async function ensurePrivateDirectory(directory: string): Promise<void> {
  await mkdir(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  await chmod(directory, PRIVATE_DIRECTORY_MODE);
}

/**
 * nodemailer over SMTP_URL, or, with none set, each message as an `.eml` file (mode 0600) under
 * `DATA_DIR/mail` (mode 0700; the log names the file). The SMTP timeouts are well inside the outbox lease,
 * so a message is never still being sent when another worker may take it over.
 *
 * Over SMTP it is one session for one outbox run: up to `connections` connections, each reused for
 * the run's messages, all closed (QUIT) by `close()` when the run ends, so none is left idle between
 * runs for the server to drop.
 */
export function createMailTransport(options: {
  smtpUrl?: string;
  dataDir: string;
  connections: number;
}): MailTransport {
  const compose = (email: OutgoingEmail) => ({
    from: email.from,
    to: email.to,
    subject: email.subject,
    text: email.text,
    ...(email.html ? { html: email.html } : {}),
    headers: email.headers,
    messageId: email.messageId,
    date: email.date,
  });

  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: options.connections,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    return {
      kind: "smtp",
      async send(email) {
        await transporter.sendMail(compose(email));
        return {};
      },
      close: () => transporter.close(),
    };
  }

  const directory = mailDirectory(options.dataDir);
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "files",
    async send(email) {
      const info = await composer.sendMail(compose(email));
      await ensurePrivateDirectory(directory);
      const stamp = email.date.toISOString().replace(/[:.]/g, "-");
      const file = path.join(directory, `${stamp}-${email.outboxId}.eml`);
      // Owner-only like the directory: a message holds an address and its confirm or unsubscribe links.
      await writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      // A retry rewrites the same name, which may have been written looser by an earlier version.
      await chmod(file, PRIVATE_FILE_MODE);
      return { file };
    },
    close: () => composer.close(),
  };
}

export type DeliveryFailure =
  /** The server refused this message for good (5xx): retrying would get the same answer. */
  | "permanent"
  /** No conversation with the server (refused, timed out, dropped): it is the server, not the message. */
  | "unreachable"
  | "transient";

const UNREACHABLE = new Set(["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "ECONNREFUSED", "ECONNRESET"]);

export function classifyFailure(error: unknown): DeliveryFailure {
  const failure = error as NodemailerError;
  if (failure.permanent === true) return "permanent";
  if (failure.responseCode === undefined && failure.code && UNREACHABLE.has(failure.code))
    return "unreachable";
  return "transient";
}

/**
 * What is kept of a failure: its codes and message with every email address masked (an SMTP
 * answer often quotes the recipient). Logs get the codes only.
 */
export function describeFailure(error: unknown): string {
  const failure = error as NodemailerError;
  const parts = [failure.code, failure.responseCode, failure.message ?? String(error)].filter(
    (part) => part !== undefined && part !== "",
  );
  return parts
    .join(" ")
    .replace(/[^\s<>@"']+@[^\s<>@"']+/g, "<address>")
    .slice(0, 500);
}

import { MailDev } from 'maildev';

export interface DevMailbox {
  smtpPort: number;
  /** The web UI, whose REST API lists mails at `${webUrl}/api/email`. */
  webUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts a local development mailbox (maildev: SMTP + web UI/REST API, mails kept in memory), bound
 * to 127.0.0.1 only. Like Supabase's local Inbucket/Mailpit: every mail sent to it is caught, none
 * leaves the machine.
 */
export async function startDevMailbox(options: { smtpPort: number; webPort: number }): Promise<DevMailbox> {
  const maildev = new MailDev({ smtp: options.smtpPort, web: options.webPort, ip: '127.0.0.1', webIp: '127.0.0.1', silent: true, maxEmails: 500 });
  try {
    await maildev.start();
  } catch (error) {
    await maildev.stop().catch(() => {});
    throw new Error(
      `The dev mailbox could not start on ports ${options.smtpPort} (SMTP) / ${options.webPort} (web): ${(error as Error).message}. ` +
        'Choose others with MAILDEV_SMTP_PORT / MAILDEV_WEB_PORT, or set MAIL_DEV=false with SMTP_HOST.',
      { cause: error },
    );
  }
  return {
    smtpPort: options.smtpPort,
    webUrl: `http://127.0.0.1:${options.webPort}`,
    async stop() {
      await maildev.stop();
    },
  };
}

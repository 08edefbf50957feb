/** A plain-text mail: the subject and the paragraphs of the body, with `{{name}}` placeholders. */
export interface MailTemplate {
  subject: string;
  paragraphs: string[];
}

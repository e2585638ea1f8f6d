// The edition's limits, apart so the back office reads them without the server's code (sharp, the newsletter).

/** WhatsApp shows about this much before « Lire la suite », and Telegram's caption holds 1,024: the text fits both. */
export const TEXT_MAX = 1000;
/** What the card may weigh: it travels over readers' data plans. */
export const CARD_MAX_BYTES = 150 * 1024;

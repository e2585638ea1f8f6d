/**
 * An edition without the sender's postal address still goes (nothing a reader asked for is held
 * back), but the people who send it are told: the « Newsletter » screen, the send log and the
 * operator's output say it with these words. Mail providers and the law (CAN-SPAM, the CNIL's
 * guidance) expect the address in every commercial mail.
 */
export const NO_POSTAL_ADDRESS =
  "Aucune adresse postale d'expéditeur : les éditions partent sans elle, alors que la loi et les messageries l'attendent dans chaque envoi. Renseignez-la dans « Newsletter ».";

/** True when the setting holds no address (spaces only count as none: the edition trims it). */
export const lacksPostalAddress = (postalAddress: string | null | undefined) => !postalAddress?.trim();

const countFr = new Intl.NumberFormat('fr-FR');

/** A count as French readers write it: "3 031". */
export const formatCount = (n: number): string => countFr.format(n);

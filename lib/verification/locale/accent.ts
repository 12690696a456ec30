// The en-XA pseudo-locale's letters: each ASCII letter for an accented one.
const PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ACCENTED = [..."àƀçđéƒğĥîĵķļɱñöþǫŕşţûṽŵẋýžÀƁÇĐÉƑĞĤÎĴĶĻṀÑÖÞǪŔŞŢÛṼŴẊÝŽ"];

export const accent = (text: string) => [...text].map((c) => ACCENTED[PLAIN.indexOf(c)] ?? c).join("");

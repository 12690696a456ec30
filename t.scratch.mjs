import { acceptMrz } from "./lib/verification/methods/id-document/mrz-text.mjs";
console.log(acceptMrz(["P<CZESPECIMEN<<VZOR<<<<<<<<<<<<<<<<<<<<<<<<<","99003853<1CZE1101018M120704611D101111<<<<<94"],new Date()));

import { acceptMrz } from "./lib/verification/methods/id-document/mrz-text.mjs";
console.log(acceptMrz(["I<HAC12281507<0<<<<<<<<0212300","6106225N1212307<<<<<<<<<<<<<<6","CHONG<<KA<KEON6<<<<<<<<<<<<<<<"],new Date()));

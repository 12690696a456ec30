import { writeFile, readFile } from "node:fs/promises";
import { photograph, DISTORTIONS } from "@/eval/id-document/photograph";
const doc = await readFile("/tmp/h28scratch/TD1.png");
for (const d of DISTORTIONS) await writeFile(`/tmp/h28scratch/p-${d}.jpg`, await photograph(doc, d, 1));
const bk = await readFile("/tmp/h28scratch/aamva-back.png");
for (const d of DISTORTIONS) await writeFile(`/tmp/h28scratch/b-${d}.jpg`, await photograph(bk, d, 2));

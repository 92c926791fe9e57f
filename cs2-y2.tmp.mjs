import { readFileSync } from 'node:fs';
import { parseDocument, Lexer, Parser, Composer, LineCounter } from 'yaml';
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const text = readFileSync(process.argv[2], 'utf8');
for (let i = 0; i < 5; i++) parseDocument(text);
let t = cpu();
for (let i = 0; i < 20; i++) { for (const _ of new Lexer().lex(text)); }
console.log('lex x20', (cpu() - t).toFixed(1));
t = cpu();
for (let i = 0; i < 20; i++) { for (const _ of new Parser().parse(text)); }
console.log('lex+parse x20', (cpu() - t).toFixed(1));
t = cpu();
for (let i = 0; i < 20; i++) parseDocument(text);
console.log('parseDocument x20', (cpu() - t).toFixed(1));

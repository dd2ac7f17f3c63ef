// Fails when messages/zh.json and messages/en.json differ in keys, or hold an empty string.
import { readFileSync } from 'node:fs';

const load = (lang) => JSON.parse(readFileSync(new URL(`../messages/${lang}.json`, import.meta.url), 'utf8'));
const flatten = (obj, prefix = '') =>
  Object.entries(obj).flatMap(([key, value]) =>
    value && typeof value === 'object' ? flatten(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  );

const zh = new Map(flatten(load('zh')));
const en = new Map(flatten(load('en')));
const problems = [
  ...[...zh.keys()].filter((k) => !en.has(k)).map((k) => `only in zh.json: ${k}`),
  ...[...en.keys()].filter((k) => !zh.has(k)).map((k) => `only in en.json: ${k}`),
  ...[...zh].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => `empty in zh.json: ${k}`),
  ...[...en].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => `empty in en.json: ${k}`),
];
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`messages: ${zh.size} keys, zh and en identical key sets`);

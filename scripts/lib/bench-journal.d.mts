export declare const JOURNAL_DIR: string;
export declare function journalFile(now?: Date): string;
export declare function appendToJournal(text: string, now?: Date): string;

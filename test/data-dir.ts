/**
 * Set-up of every test file: what the product writes under its data folder (uploaded files, the mail and SMS
 * outbox) goes to the run's own folder, never to the checkout's `.data`. A production build reading that
 * folder at the same time (the browser tests' preparation runs beside the suite) would otherwise see files come
 * and go. A file that points DATA_DIR or FILES_DIR elsewhere and clears it afterwards leaves the next file
 * this folder again.
 */
if (process.env.TEST_DATA_DIR) process.env.DATA_DIR = process.env.TEST_DATA_DIR;

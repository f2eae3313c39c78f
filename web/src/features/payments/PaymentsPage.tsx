import { useState } from 'react';
import type { ImportResult } from '@common/schemas/bank.js';
import { ImportHistory } from './components/ImportHistory.js';
import { ImportResults } from './components/ImportResults.js';
import { PaymentQueue } from './components/PaymentQueue.js';
import { UploadDropZone } from './components/UploadDropZone.js';
import { PaymentsTabs } from './PaymentsTabs.js';

/** 'Betalingen': import bank statements, see what they did, and work through the credits left to assign. */
export default function PaymentsPage() {
  const [results, setResults] = useState<ImportResult[]>([]);
  return (
    <>
      <h1 className="h3 mb-3">Betalingen</h1>
      <PaymentsTabs />
      <UploadDropZone onImported={setResults} />
      {results.length > 0 && <ImportResults results={results} />}
      <PaymentQueue />
      <ImportHistory />
    </>
  );
}

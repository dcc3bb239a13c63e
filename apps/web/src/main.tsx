import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  return <p>WhatsApp Agent Chat</p>;
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

/** Spec 4 and 9: the incoming-message sound, at half volume. */
export const NOTIFICATION_SOUND_URL = '/sounds/incoming-message.wav';
export const NOTIFICATION_SOUND_VOLUME = 0.5;

let audio: HTMLAudioElement | null = null;

export function playNotificationSound(): void {
  try {
    audio ??= new Audio(NOTIFICATION_SOUND_URL);
    audio.volume = NOTIFICATION_SOUND_VOLUME;
    audio.currentTime = 0;
    // Browsers block sound until the person has interacted with the page; the toast is enough then.
    void audio.play()?.catch(() => {});
  } catch {
    // No audio support (or none in this environment): stay silent.
  }
}

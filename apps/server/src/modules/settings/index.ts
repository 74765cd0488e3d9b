/**
 * The platform's run-time settings (decision 062), as the other modules see them: the reader of
 * the settings in force. A module reaches another only through its index (decision 037).
 */
export type { SettingsReader, SettingsService } from './settings.service';

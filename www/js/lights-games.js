// Lights Out: the real games page: the site header, then the view drawn into the document.
import { initPage, isEmbedded, showError } from './app.js';
import { mount } from './views/lights-games.js';

initPage();
mount(document, { embed: isEmbedded() }).catch(showError);

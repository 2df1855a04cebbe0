// The strategy lab page: the site header, then the view drawn into the document.
import { initPage, isEmbedded, showError } from './app.js';
import { mount } from './views/devil-lab.js';

initPage();
mount(document, { embed: isEmbedded() }).catch(showError);

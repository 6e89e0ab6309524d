import { h, render } from 'preact';
import App from './App.js';
import { update } from './store.js';
import './style.css';

const root = document.getElementById('app');
render(h(App), root);
console.log('styles: ' + document.querySelectorAll('head style').length + ', shipped rule: ' + document.querySelector('head style').textContent.includes('.order.shipped'));
console.log('module: currentScript=' + document.currentScript + ' readyState=' + document.readyState);

bridge.call('orders.list', {}).then((orders) => {
  update({ orders });
  console.log('loaded: ' + root.querySelector('.summary').textContent + ' | ' + Array.from(root.querySelectorAll('li'), (li) => li.textContent).join(', '));
  root.querySelector('[data-filter=shipped]').click();
  console.log('shipped: ' + root.querySelector('.summary').textContent + ' | on: ' + root.querySelector('nav .on').textContent);
  console.log('html: ' + root.innerHTML);
});

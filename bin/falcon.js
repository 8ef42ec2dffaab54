#!/usr/bin/env node
import '../dist/falcon.js';

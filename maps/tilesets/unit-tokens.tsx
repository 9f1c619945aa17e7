<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" name="unit-tokens" tilewidth="40" tileheight="40" tilecount="5" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0">
  <image width="40" height="40" source="../../assets/tokens/pcs.png"/>
 </tile>
 <tile id="1">
  <image width="40" height="40" source="../../assets/tokens/allies.png"/>
 </tile>
 <tile id="2">
  <image width="40" height="40" source="../../assets/tokens/enemies.png"/>
 </tile>
 <tile id="3">
  <image width="40" height="40" source="../../assets/tokens/rivals.png"/>
 </tile>
 <tile id="4">
  <image width="40" height="40" source="../../assets/tokens/bystanders.png"/>
 </tile>
</tileset>
